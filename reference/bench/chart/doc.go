// Package chart draws the plots of a comparison run by package
// reference/bench, as SVG (the default) or PNG, with gonum's plotting
// library (gonum.org/v1/plot):
//
//   - [Nodes]: mean nodes expanded against optimal solution length, on a
//     logarithmic axis;
//   - [Frontier]: mean largest frontier against optimal solution length,
//     on a logarithmic axis;
//   - [Branching]: mean effective branching factor b* against optimal
//     solution length.
//
// Each combination is one series, in a colour and marker of its own
// (the Okabe–Ito palette, which stays distinct for colour-blind readers),
// named in a legend beside the plot by the combination as the command
// line writes it ("astar:manhattan"), followed by how many of its runs it
// solved when a limit stopped some. A point is the mean over the runs a
// combination solved at that depth (see bench.Report.ByDepth); stopped
// runs are left out, so a curve that ends early means the combination did
// not finish the deeper instances. Depths where a logarithmic plot would
// have to show 0 (a search that expanded nothing, as at depth 0) have no
// point.
//
// The package is named chart rather than plot so that its files can
// import gonum's plot package under its own name. Write draws one plot on
// the io.Writer it is given; WriteFiles writes every plot into a folder,
// each file whole or not at all (package puzzles/atomicfile).
package chart
