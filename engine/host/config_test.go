package host

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
	"time"
)

// engine.Config's field docs state each field's range, which WithDefaults
// holds it to: each phrase is in the doc, and the limit it states is the
// one here, so that neither changes without the other.
func TestConfigsFieldDocsStateTheLimitsWithDefaultsChecks(t *testing.T) {
	docs := configFieldDocs(t)
	for _, tc := range []struct {
		field, phrase string
		stated, limit float64
	}{
		{"TPS", "1 to 10,000", 10000, MaxTPS},
		{"MaxSteps", "1 to 1,000", 1000, MaxMaxSteps},
		{"MaxFrame", "one tick to 10 s", float64(10 * time.Second), float64(MaxMaxFrame)},
		{"FPS", "1 to 10,000", 10000, MaxFPS},
		{"TimeScale", "1/64 to", 1.0 / 64, MinTimeScale},
		{"TimeScale", "to 64", 64, MaxTimeScale},
		{"Players", "1 to 8", 8, MaxPlayers},
		{"WorstFrames", "1 to 100", 100, MaxWorstFrames},
		{"WorstFrames", "0 means 5", 5, DefaultWorstFrames},
	} {
		if !strings.Contains(docs[tc.field], tc.phrase) {
			t.Errorf("engine.Config.%s's doc %q does not say %q", tc.field, docs[tc.field], tc.phrase)
		}
		if tc.stated != tc.limit {
			t.Errorf("engine.Config.%s's doc says %q, the limit is %v", tc.field, tc.phrase, tc.limit)
		}
	}
}

// configFieldDocs returns the doc and line comment of each field of
// engine.Config, from its source.
func configFieldDocs(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../config.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatalf("engine.Config's source is needed to read its docs: %v", err)
	}
	docs := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Config" {
			return true
		}
		for _, fld := range ts.Type.(*ast.StructType).Fields.List {
			doc := strings.Join(strings.Fields(fld.Doc.Text()+" "+fld.Comment.Text()), " ")
			for _, name := range fld.Names {
				docs[name.Name] = doc
			}
		}
		return false
	})
	if len(docs) < 10 {
		t.Fatalf("found the docs of %d fields of engine.Config, want its 13", len(docs))
	}
	return docs
}
