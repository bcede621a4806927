// Package docs carries the documentation pages that the binary itself
// prints or links: one page per rule id (docs/rules/<id>.md), for
// `validate --explain ID` and the help text of SARIF reports.
//
// It lives in docs/ because go:embed cannot reach parent directories: the
// pages stay plain Markdown files that GitHub renders, and this package is
// the one place that embeds them.
package docs

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed rules/*.md
var rulePages embed.FS

// RuleURLBase is where the rule pages are published; a SARIF helpUri is
// RuleURLBase + id + ".md". The pages are the files of this directory in
// the repository, so the link works without a separate web site.
const RuleURLBase = "https://github.com/ashtapada/ashtapada/blob/main/docs/rules/"

// RuleURL is the address of the page of a rule id.
func RuleURL(id string) string { return RuleURLBase + id + ".md" }

// RulePage returns the Markdown page of a rule id, and false when there is
// none. An id with a path separator or dots is never a page name.
func RulePage(id string) (string, bool) {
	if id == "" || strings.ContainsAny(id, "/\\.") {
		return "", false
	}
	b, err := rulePages.ReadFile("rules/" + id + ".md")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// RulePageIDs lists the rule ids that have a page, sorted.
func RulePageIDs() []string {
	ents, err := fs.ReadDir(rulePages, "rules")
	if err != nil {
		// The embedded directory always exists; an error would be a build
		// problem, and no pages is the honest answer to it.
		return nil
	}
	var out []string
	for _, e := range ents {
		if name, ok := strings.CutSuffix(e.Name(), ".md"); ok && !e.IsDir() {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// RuleSummary is the first paragraph after a page's title: one or two
// sentences saying what the rule means, used as SARIF's shortDescription.
func RuleSummary(id string) string {
	page, ok := RulePage(id)
	if !ok {
		return ""
	}
	var para []string
	for _, line := range strings.Split(page, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "#"):
			if len(para) > 0 {
				return strings.Join(para, " ")
			}
		case line == "":
			if len(para) > 0 {
				return strings.Join(para, " ")
			}
		default:
			para = append(para, line)
		}
	}
	return strings.Join(para, " ")
}
