package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestBashCompletion sources the bash script in a real bash, without the
// bash-completion package, sets COMP_WORDS as bash does for a TAB, and
// checks the candidates: commands, flags, the values of --rules, --format,
// --to, --from, --explain, and files elsewhere.
func TestBashCompletion(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	script, _, code := runAsh(t, "", "", "completion", "bash")
	if code != 0 {
		t.Fatal("completion bash failed")
	}
	scriptPath := filepath.Join(dir, "ashtapada.bash")
	os.WriteFile(scriptPath, []byte(script), 0o644)
	writeFile(t, dir, "games.pgn", validGame)
	writeFile(t, dir, "notes.txt", "x")
	if err := os.Mkdir(filepath.Join(dir, "corpus"), 0o755); err != nil {
		t.Fatal(err)
	}
	// complete returns the candidates for the words (the last one is being
	// completed; bash splits at `=` as COMP_WORDBREAKS says).
	complete := func(words ...string) []string {
		t.Helper()
		var quoted []string
		for _, w := range append([]string{"ashtapada"}, words...) {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		prog := "source " + scriptPath + "\n" +
			"COMP_WORDS=(" + strings.Join(quoted, " ") + ")\n" +
			"COMP_CWORD=" + strconv.Itoa(len(words)) + "\n" +
			"_ashtapada_complete\n" +
			"printf '%s\\n' \"${COMPREPLY[@]}\"\n"
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", prog)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(ashBinary)+":"+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v: %s", err, out)
		}
		if strings.Contains(string(out), "command not found") {
			t.Fatalf("bash: %s", out)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l != "" {
				got = append(got, l)
			}
		}
		slices.Sort(got)
		return got
	}
	cases := []struct {
		words []string
		want  []string
	}{
		{[]string{"val"}, []string{"validate"}},
		{[]string{"co"}, []string{"completion", "convert"}},
		{[]string{"validate", "--ru"}, []string{"--rules", "--rules-file"}},
		{[]string{"validate", "--rules", "chat"}, []string{"chaturanga", "chaturanga-gollon", "chaturanga-murray-gollon"}},
		{[]string{"--rules", "hin"}, []string{"hindustani"}},
		{[]string{"validate", "--format", ""}, []string{"github", "html", "json", "jsonl", "junit", "sarif", "text"}},
		{[]string{"validate", "--format", "=", "js"}, []string{"json", "jsonl"}},
		{[]string{"convert", "--to", "s"}, []string{"sv", "svg"}},
		{[]string{"convert", "--from", ""}, []string{"de", "descriptive", "es", "figurine", "fr", "it", "json", "jsonl", "lan", "nl", "parquet", "pgn", "pt", "ru", "sv", "uci"}},
		{[]string{"convert", "--to", "pa"}, []string{"parquet"}},
		{[]string{"validate", "--notation", "d"}, []string{"de", "descriptive"}},
		{[]string{"convert", "--notation", ""}, []string{"auto", "de", "descriptive", "es", "figurine", "fr", "it", "nl", "pt", "ru", "san", "sv"}},
		{[]string{"validate", "--explain", "king-leap"}, []string{"king-leap-in-check", "king-leap-unavailable"}},
		{[]string{"validate", ""}, []string{"ashtapada.bash", "corpus", "games.pgn", "notes.txt"}},
		{[]string{"validate", "g"}, []string{"games.pgn"}},
		{[]string{"validate", "--baseline", "n"}, []string{"notes.txt"}},
		{[]string{"validate", "--jobs", ""}, nil},
		{[]string{"rules", "show", "andh"}, []string{"andhra"}},
		{[]string{"completion", ""}, []string{"bash", "fish", "zsh"}},
	}
	for _, c := range cases {
		if got := complete(c.words...); !slices.Equal(got, c.want) {
			t.Errorf("ashtapada %s<TAB>: %q, want %q", strings.Join(c.words, " "), got, c.want)
		}
	}
}

// TestFishCompletion asks a real fish, where it is installed, for the
// candidates of a few command lines (`complete -C`).
func TestFishCompletion(t *testing.T) {
	t.Parallel()
	fish, err := exec.LookPath("fish")
	if err != nil {
		t.Skip("no fish")
	}
	dir := t.TempDir()
	script, _, _ := runAsh(t, "", "", "completion", "fish")
	scriptPath := filepath.Join(dir, "ashtapada.fish")
	os.WriteFile(scriptPath, []byte(script), 0o644)
	for line, want := range map[string]string{
		"ashtapada validate --rules chat": "chaturanga\nchaturanga-gollon\nchaturanga-murray-gollon",
		"ashtapada convert --to j":        "json\njsonl",
		"ashtapada vali":                  "validate",
	} {
		cmd := exec.Command(fish, "--no-config", "-c", "source "+scriptPath+"; complete -C '"+line+"'")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "PATH="+filepath.Dir(ashBinary)+":"+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != want {
			t.Errorf("fish %q: %v, %q; want %q", line, err, out, want)
		}
	}
}

// TestZshCompletion runs the zsh script's function in a real zsh, where it
// is installed, with compadd and _files standing in for the completion
// system's (they print what they are given): the words and the candidates
// are the script's and the binary's own.
func TestZshCompletion(t *testing.T) {
	t.Parallel()
	zsh, err := exec.LookPath("zsh")
	if err != nil {
		t.Skip("no zsh")
	}
	dir := t.TempDir()
	script, _, _ := runAsh(t, "", "", "completion", "zsh")
	scriptPath := filepath.Join(dir, "_ashtapada")
	os.WriteFile(scriptPath, []byte(script), 0o644)
	cases := []struct{ words, want string }{
		{"ashtapada validate --rules chatu", "chaturanga\nchaturanga-gollon\nchaturanga-murray-gollon"},
		{"ashtapada validate --format=js", "--format=json\n--format=jsonl"},
		{"ashtapada conv", "convert"},
		{"ashtapada validate ''", "FILES"},
	}
	for _, c := range cases {
		prog := "compdef() { :; }\ncompadd() { shift; print -l -- \"$@\"; }\n_files() { print FILES; }\n" +
			"source " + scriptPath + "\nwords=(" + c.words + "); CURRENT=${#words}; _ashtapada\n"
		cmd := exec.Command(zsh, "-f", "-c", prog)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(ashBinary)+":"+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != c.want {
			t.Errorf("zsh %s<TAB>: %v, %q; want %q", c.words, err, out, c.want)
		}
	}
}
