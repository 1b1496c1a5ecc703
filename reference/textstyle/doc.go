// Package textstyle owns how kpuzzle's human-readable reports look: the
// colour hooks a report is written with ([Style], decided once by the
// command line from the terminal and NO_COLOR) and the spelling of large
// counts ([Digits]: 518,918,400) and sizes ([Bytes]: 290.1 MB).
//
// Report packages (reference/bench, reference/pdb, grader/audit) write
// their text forms with a Style they are handed; they never decide on
// colour themselves. The zero Style writes plain text.
package textstyle
