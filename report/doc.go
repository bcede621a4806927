// Package report writes what validate and detect found, for the people
// and the programs that read it: a run's results, game by game in input
// order, in the format asked for.
//
// What it owns:
//
//   - validate's report formats (docs/ci.md, "Report formats"), each a
//     Writer registered by name (Register; New builds one, Formats lists
//     them), so that one more plugs in without touching the command:
//     text for a terminal, one line per finding as a compiler writes;
//     json and jsonl for programs (JSONGame, JSONLFinding, JSONLGame,
//     JSONLSummary); sarif for code-scanning tools; github, the workflow
//     commands GitHub Actions shows as annotations (GitHubCommand); junit
//     for the test reports of CI servers (JUnitTestSuites); html, one
//     self-contained page for a person (docs/html.md);
//   - what several formats say alike, written once so that they cannot
//     come to differ: the summary line of a run (SummaryLine), the name of
//     a game (GameLabel), the path of a variation (VariationPath), a file
//     name that is not UTF-8 (FileName), a finding as the text report
//     writes it (WriteFindingText);
//   - baselines (docs/ci.md, "Baselines: adopting the tool on a large
//     corpus"): the fingerprint of a finding, from its rule, its game's
//     identity (GameID) and the text around it; the file --write-baseline
//     writes (BaselineRecorder) and the comparison --baseline makes
//     (Baseline), whose counts the reports' summaries say;
//   - detect's report (NewDetect): text, json and jsonl.
//
// A Writer streams: Game once per game in input order, Close once at the
// end. A format that puts counts before the games (JUnit's opening tags,
// the HTML page's header) spools what it is given to a temporary file, so
// that memory grows with the number of files and rules, not of findings.
//
// What it leaves to others: which findings a game has, and what they say,
// are replay's: a Writer is given a replay.Result and a replay.Tally and
// judges nothing. Writing records and drawing positions are package
// formats': the HTML report draws its diagrams with formats' SVG and
// starts its page as the game viewer does (picture.HTMLHead). Running the
// games of many inputs on every core and giving their results in input
// order is package batch's (batch.Validate writes through a Writer); the
// flags, the choice of format, where the report goes and the exit status
// are the command's.
package report
