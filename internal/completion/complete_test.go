package completion

import (
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// tool is a small program: a command with flags, a group of
// sub-commands, a hidden command, and a global flag.
func tool() *Program {
	shared := []Flag{
		{Names: []string{"rules"}, Value: true},
		{Names: []string{"quiet", "q"}},
	}
	return &Program{
		Flags: []Flag{{Names: []string{"help", "h"}}, {Names: []string{"version", "v"}}},
		Commands: []*Command{
			{Name: "check", Aliases: []string{"c"}, Runs: true, Flags: append(slices.Clone(shared),
				Flag{Names: []string{"format"}, Value: true},
				Flag{Names: []string{"output", "o"}, Value: true, File: true},
				Flag{Names: []string{"jobs"}, Value: true},
				Flag{Names: []string{"debug"}, Hidden: true},
			)},
			{Name: "rules", Commands: []*Command{
				{Name: "list", Runs: true},
				{Name: "show", Runs: true, Flags: shared},
			}},
			{Name: "secret", Hidden: true, Runs: true},
		},
		Global: []string{"rules", "quiet", "q"},
		Values: func(cmd, flag string) ([]string, bool) {
			switch flag {
			case "rules":
				return []string{"fide", "shatranj"}, true
			case "format":
				if cmd == "check" {
					return []string{"json", "jsonl", "text"}, true
				}
			}
			return nil, false
		},
		Args: func(path []string) ([]string, bool) {
			switch strings.Join(path, " ") {
			case "rules show":
				return []string{"fide", "shatranj"}, true
			case "rules list":
				return nil, true
			}
			return nil, false
		},
	}
}

func TestComplete(t *testing.T) {
	p := tool()
	for _, tc := range []struct {
		words []string
		want  Reply
	}{
		{nil, Reply{Words, []string{"check", "rules"}}},
		{[]string{"c"}, Reply{Words, []string{"check"}}},
		{[]string{"se"}, Reply{Words, nil}}, // hidden
		{[]string{"-"}, Reply{Words, []string{"--help", "-h", "--version", "-v", "--rules", "--quiet"}}},
		{[]string{"check", "--"}, Reply{Words, []string{"--rules", "--quiet", "--format", "--output", "--jobs", "--help"}}},
		{[]string{"check", "--rules", ""}, Reply{Words, []string{"fide", "shatranj"}}},
		{[]string{"c", "--rules", "s"}, Reply{Words, []string{"shatranj"}}}, // an alias
		{[]string{"check", "--format=js"}, Reply{Words, []string{"--format=json", "--format=jsonl"}}},
		{[]string{"check", "--format", "=", "js"}, Reply{Words, []string{"json", "jsonl"}}}, // bash split at =
		{[]string{"check", "--format", "="}, Reply{Words, []string{"json", "jsonl", "text"}}},
		{[]string{"check", "--output", ""}, Reply{Files, nil}},
		{[]string{"check", "--jobs", ""}, Reply{Words, nil}},
		{[]string{"check", "--jobs", "4", ""}, Reply{Files, nil}},
		{[]string{"check", "--quiet", ""}, Reply{Files, nil}},
		{[]string{"--rules", "fide", "ch"}, Reply{Words, []string{"check"}}}, // a global flag's value skipped
		{[]string{"--rules", ""}, Reply{Words, []string{"fide", "shatranj"}}},
		{[]string{"rules", ""}, Reply{Words, []string{"list", "show"}}},
		{[]string{"rules", "show", "f"}, Reply{Words, []string{"fide"}}},
		{[]string{"rules", "list", ""}, Reply{Words, nil}},
		{[]string{"check", "a.pgn", "rules"}, Reply{Files, nil}}, // a file, not the command
	} {
		if got := p.Complete(tc.words); got.Directive != tc.want.Directive || !slices.Equal(got.Candidates, tc.want.Candidates) {
			t.Errorf("%q<TAB>: %v %q, want %v %q", tc.words, got.Directive, got.Candidates, tc.want.Directive, tc.want.Candidates)
		}
	}
}

// TestCompleteLeavesWords: the words given are not changed, though bash's
// `=` is joined back to its flag.
func TestCompleteLeavesWords(t *testing.T) {
	words := []string{"check", "--format", "=", "js"}
	tool().Complete(words)
	if !slices.Equal(words, []string{"check", "--format", "=", "js"}) {
		t.Errorf("words changed: %q", words)
	}
}

func TestReplyString(t *testing.T) {
	if got := (Reply{Words, []string{"a", "b"}}).String(); got != ":words\na\nb\n" {
		t.Errorf("reply: %q", got)
	}
	if got := (Reply{Files, nil}).String(); got != ":files\n" {
		t.Errorf("reply: %q", got)
	}
}

func TestScript(t *testing.T) {
	for _, sh := range Shells() {
		s, err := Script(sh, "my-tool")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(s, "my-tool") || !strings.Contains(s, "_my_tool") || !strings.Contains(s, CommandName) || strings.Contains(s, "%!") {
			t.Errorf("%s script for my-tool:\n%s", sh, s)
		}
	}
	if _, err := Script("csh", "my-tool"); err == nil || !strings.Contains(err.Error(), `"csh"`) || !strings.Contains(err.Error(), "bash, fish, zsh") {
		t.Errorf("Script(csh) = %v", err)
	}
}

// TestBashScript sources the bash script in a real bash, with a shell
// function in the program's place that answers as Complete does, and
// checks what bash offers.
func TestBashScript(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script, err := Script("bash", "tool")
	if err != nil {
		t.Fatal(err)
	}
	p := tool()
	for _, tc := range []struct {
		words []string
		want  []string
	}{
		{[]string{"ch"}, []string{"check"}},
		{[]string{"check", "--format", "=", "js"}, []string{"json", "jsonl"}},
		{[]string{"check", "--rules", ""}, []string{"fide", "shatranj"}},
	} {
		// The function prints the reply Complete gives for these words.
		reply := p.Complete(tc.words).String()
		var quoted []string
		for _, w := range append([]string{"tool"}, tc.words...) {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		prog := script + "\n" +
			"tool() { printf '%s' " + "'" + strings.ReplaceAll(reply, "'", `'\''`) + "'; }\n" +
			"COMP_WORDS=(" + strings.Join(quoted, " ") + ")\n" +
			"COMP_CWORD=" + strconv.Itoa(len(tc.words)) + "\n" +
			"_tool_complete\n" +
			"printf '%s\\n' \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "--norc", "--noprofile", "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v: %s", err, out)
		}
		got := strings.Fields(string(out))
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("tool %s<TAB>: %q, want %q", strings.Join(tc.words, " "), got, tc.want)
		}
	}
}
