package mouse

import "testing"

func TestButtonSetHasEachButtonOnItsOwnBit(t *testing.T) {
	buttons := []Button{Left, Middle, Right, X1, X2}
	for i, in := range buttons {
		s := ButtonSet(1) << in
		for j, b := range buttons {
			if s.Has(b) != (i == j) {
				t.Errorf("a set of button %d: Has(%d) = %v", in, b, s.Has(b))
			}
		}
	}
	all := ButtonSet(1)<<Left | ButtonSet(1)<<Middle | ButtonSet(1)<<Right | ButtonSet(1)<<X1 | ButtonSet(1)<<X2
	if all != 0b11111 {
		t.Errorf("the five buttons make %#b, want the low five bits (the recorded byte)", all)
	}
	if (ButtonSet(0)).Has(Left) {
		t.Error("the empty set has Left")
	}
}
