package ruleid_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/ruleid"
)

// constants parses this package's source and returns its exported string
// constants: name to value.
func constants(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "ruleid.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i >= len(vs.Values) || !name.IsExported() {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				v, _ := strconv.Unquote(lit.Value)
				out[name.Name] = v
			}
		}
	}
	return out
}

// TestConstantsRegistered: every id constant is in the registry and every
// registry entry has a constant, so removing an entry (or adding a
// constant without one) fails here.
func TestConstantsRegistered(t *testing.T) {
	consts := constants(t)
	values := map[string]string{}
	for name, v := range consts {
		if _, ok := ruleid.Lookup(v); !ok {
			t.Errorf("constant %s = %q is not in the registry", name, v)
		}
		if other, dup := values[v]; dup {
			t.Errorf("constants %s and %s both say %q", name, other, v)
		}
		values[v] = name
	}
	for _, id := range ruleid.IDs() {
		if _, ok := values[id]; !ok {
			t.Errorf("registered id %q has no constant", id)
		}
	}
	if len(consts) != len(ruleid.All()) {
		t.Errorf("%d constants for %d registered ids", len(consts), len(ruleid.All()))
	}
}

var idForm = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

func TestRegistryWellFormed(t *testing.T) {
	for i, r := range ruleid.All() {
		if !idForm.MatchString(r.ID) {
			t.Errorf("id %q: lower-case words joined by hyphens", r.ID)
		}
		if r.Summary == "" || strings.ContainsAny(r.Summary, "\n") || strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: the summary must be one line without a final full stop: %q", r.ID, r.Summary)
		}
		if r.Severity == ruleid.Warning && (r.Stops || r.AlsoWarning) {
			t.Errorf("%s: a warning cannot stop the replay (a valid game would be left unjudged), nor be AlsoWarning", r.ID)
		}
		if ruleid.Index(r.ID) != i {
			t.Errorf("%s: Index %d, want %d", r.ID, ruleid.Index(r.ID), i)
		}
		if got, ok := ruleid.Lookup(r.ID); !ok || got != r {
			t.Errorf("Lookup(%s) = %+v, %v", r.ID, got, ok)
		}
		if ruleid.SeverityOf(r.ID) != r.Severity || ruleid.Stops(r.ID) != r.Stops {
			t.Errorf("%s: SeverityOf/Stops disagree with the entry", r.ID)
		}
	}
	all := ruleid.All()
	all[0].ID = "changed"
	if ruleid.All()[0].ID == "changed" {
		t.Error("All returns the registry itself, not a copy")
	}
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
}

// TestUnknownIDIsNotAnError: an unregistered id is never given a made-up
// severity; code that emits one fails loudly (the tests that replay every
// record find it).
func TestUnknownIDIsNotAnError(t *testing.T) {
	if _, ok := ruleid.Lookup("no-such-rule"); ok {
		t.Fatal("Lookup found an unregistered id")
	}
	if ruleid.Index("no-such-rule") != -1 {
		t.Error("Index of an unregistered id")
	}
	mustPanic(t, "SeverityOf(unregistered)", func() { ruleid.SeverityOf("no-such-rule") })
	mustPanic(t, "Stops(unregistered)", func() { ruleid.Stops("no-such-rule") })
	mustPanic(t, "WarningOf(illegal-move)", func() { ruleid.WarningOf(ruleid.IllegalMove) })
	if ruleid.WarningOf(ruleid.Syntax) != ruleid.Warning || ruleid.WarningOf(ruleid.MoveAfterEnd) != ruleid.Warning || ruleid.WarningOf(ruleid.CheckMark) != ruleid.Warning {
		t.Error("WarningOf of an id the registry allows as a warning")
	}
}

func TestSeverityText(t *testing.T) {
	for _, s := range []ruleid.Severity{ruleid.Warning, ruleid.Error} {
		b, _ := s.MarshalText()
		var back ruleid.Severity
		if err := back.UnmarshalText(b); err != nil || back != s || string(b) != s.String() {
			t.Errorf("%v: %s, %v, %v", s, b, back, err)
		}
	}
	var s ruleid.Severity
	if s.UnmarshalText([]byte("fatal")) == nil {
		t.Error("UnmarshalText accepted fatal")
	}
}

// ruleParams are the parameter names that carry a rule id.
var ruleParams = map[string]bool{"rule": true, "ruleID": true}

// TestNoLiteralRuleIDs scans the module's Go source (tests excepted): a
// rule id is written as its constant of this package, never as a string
// literal. A literal that names a registered id, or any literal in a place
// that takes a rule id (a Rule field, a comparison with .Rule, a parameter
// named rule), fails: that is where an unregistered id would slip in.
func TestNoLiteralRuleIDs(t *testing.T) {
	root := filepath.Join("..")
	fset := token.NewFileSet()
	var files []*ast.File
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "ruleid") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("only %d Go files found under %s", len(files), root)
	}
	// Functions (and function literals bound to a name) that take a rule
	// id, by name, with the index of that parameter.
	takes := map[string][]int{}
	params := func(name string, ft *ast.FuncType) {
		i := 0
		for _, fld := range ft.Params.List {
			n := len(fld.Names)
			if n == 0 {
				n = 1
			}
			for k := 0; k < n; k++ {
				if k < len(fld.Names) && ruleParams[fld.Names[k].Name] {
					takes[name] = append(takes[name], i)
				}
				i++
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				params(n.Name.Name, n.Type)
			case *ast.AssignStmt:
				for i, rhs := range n.Rhs {
					if fl, ok := rhs.(*ast.FuncLit); ok && i < len(n.Lhs) {
						if id, ok := n.Lhs[i].(*ast.Ident); ok {
							params(id.Name, fl.Type)
						}
					}
				}
			}
			return true
		})
	}
	literal := func(e ast.Expr) (string, bool) {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return "", false
		}
		v, err := strconv.Unquote(lit.Value)
		return v, err == nil
	}
	isRuleSel := func(e ast.Expr) bool {
		s, ok := e.(*ast.SelectorExpr)
		return ok && s.Sel.Name == "Rule"
	}
	complain := func(e ast.Expr, why string) {
		v, _ := literal(e)
		t.Errorf("%s: rule id literal %q %s: write the id's constant of package ruleid (a new id is added to the registry in ruleid/ruleid.go first)", fset.Position(e.Pos()), v, why)
	}
	found := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if v, ok := literal(n); ok {
					if _, reg := ruleid.Lookup(v); reg {
						complain(n, "names a registered id")
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Rule" {
					found++
					if v, ok := literal(n.Value); ok && v != "" {
						if _, reg := ruleid.Lookup(v); !reg {
							complain(n.Value, "in a Rule field")
						}
					}
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
						if v, ok := literal(pair[1]); ok && v != "" && isRuleSel(pair[0]) {
							if _, reg := ruleid.Lookup(v); !reg {
								complain(pair[1], "compared with a Rule")
							}
						}
					}
				}
			case *ast.CallExpr:
				var name string
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				for _, i := range takes[name] {
					if i < len(n.Args) {
						found++
						if v, ok := literal(n.Args[i]); ok {
							if _, reg := ruleid.Lookup(v); !reg {
								complain(n.Args[i], "passed as "+name+"'s rule")
							}
						}
					}
				}
			}
			return true
		})
	}
	if found < 50 {
		t.Errorf("only %d places that take a rule id were found: the scan has lost its way", found)
	}
}
