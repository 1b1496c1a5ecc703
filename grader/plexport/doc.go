// Package plexport reads what PrairieLearn's assessment "Downloads" page
// gives course staff for grading by hand, so that kpuzzle grade can grade
// the hidden tests at release (prairielearn.hidden: release):
//
//   - <assessment>_submissions_for_manual_grading.csv: one row per
//     student (or group) and question, for the last submission, with
//     its uid (or group_name), uin, qid and submission_id;
//   - <assessment>_files_for_manual_grading.zip: the files of those
//     submissions, each named UID_UIN_QID_SUBMISSIONID_FILE (group work:
//     GROUP_QID_SUBMISSIONID_FILE) in a folder named after the
//     assessment; or the folder the zip unpacks into.
//
// Read finds and reads both in a folder; Export.Stage writes each
// submission of one question into a folder of its own, which kpuzzle
// grade grades as a folder of submissions; report.WritePrairieLearnScores
// then writes the CSV PrairieLearn's "Upload new question scores" reads.
// The formats are PrairieLearn's, as its manual-grading documentation and
// its downloads page's source give them (docs/instructors.md).
package plexport
