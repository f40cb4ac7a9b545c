package desktop_test

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// TestConfigNetDocNamesEveryNetplayFlag: Config.Net's doc comment, which
// go doc shows a game author, names every netplay flag (it had lost
// -rollback and -lobby when they were added).
func TestConfigNetDocNamesEveryNetplayFlag(t *testing.T) {
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	var cfg desktop.Config
	cfg.Flags(fs)
	var want []string
	fs.VisitAll(func(f *flag.Flag) {
		if strings.HasPrefix(f.Usage, "netplay:") {
			want = append(want, "-"+f.Name)
		}
	})
	if len(want) < 7 {
		t.Fatalf("found %d flags whose usage starts \"netplay:\" (%v), want the 7 or more of NetOptions", len(want), want)
	}
	doc := fieldDoc(t, "config.go", "Config", "Net")
	for _, name := range want {
		if !strings.Contains(doc, name+",") && !strings.Contains(doc, name+";") && !strings.Contains(doc, name+")") {
			t.Errorf("Config.Net's doc does not name %s: %q", name, doc)
		}
	}
}

// fieldDoc returns the doc comment of field in struct typ of file.
func fieldDoc(t *testing.T, file, typ, field string) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
	if err != nil {
		t.Fatalf("parse %s: %v", file, err)
	}
	var doc string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != typ {
			return true
		}
		for _, fl := range ts.Type.(*ast.StructType).Fields.List {
			for _, id := range fl.Names {
				if id.Name == field && fl.Doc != nil {
					doc = fl.Doc.Text()
				}
			}
		}
		return false
	})
	if doc == "" {
		t.Fatalf("%s: no doc comment on %s.%s", file, typ, field)
	}
	return doc
}
