package desktop

import (
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"testing"
)

// The package documentation is where the game contract is written: it
// must list every optional interface the run looks for, and no other.
func TestThePackageDocListsEveryOptionalMethodTheRunChecks(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	// A list item of the contract: "  - Method(...) ... (pkg.Interface):".
	item := regexp.MustCompile(`(?m)^  - [A-Z]\w*\(.*?\((\w+\.\w+)\):`)
	var listed []string
	for _, m := range item.FindAllStringSubmatch(f.Doc.Text(), -1) {
		listed = append(listed, m[1])
	}
	var checked []string
	for _, o := range optionals() {
		checked = append(checked, o.name)
	}
	slices.Sort(listed)
	slices.Sort(checked)
	if !slices.Equal(listed, checked) {
		t.Fatalf("the package documentation lists %v, the run checks %v: document every optional interface in doc.go", listed, checked)
	}
}
