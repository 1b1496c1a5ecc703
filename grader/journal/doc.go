// Package journal is the grader's durable record of finished work: an
// append-only file with one line per finished (submission, test) result
// and per optimal length proved before grading, so that an interrupted
// run (Ctrl-C, kill -9, power loss) resumes without running a finished
// test again and without losing or duplicating one.
//
// # Format
//
// The file is text, one record per line. Each line is an 8-digit
// hexadecimal CRC-32 (IEEE) of the JSON that follows it, a space, the JSON
// object, and a newline:
//
//	1b2c3d4e {"kind":"header","version":1,"fingerprint":"..."}
//	5f6a7b8c {"kind":"result","submission":"alice","digest":"...","result":{...}}
//
// The first line is the header; its fingerprint ties the journal to one
// assignment and puzzle set. Every append is one write(2) followed by
// fsync(2), so after a crash only the last line can be torn; a line whose
// checksum does not match, or that has no newline, is dropped when the
// journal is read, and a torn tail is cut off before appending resumes.
// When the same result appears twice, the first one counts.
//
// A journal is locked (flock) while a grader writes it, so two runs
// cannot interleave their lines.
package journal
