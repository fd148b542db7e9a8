package fasturi

import (
	"fmt"
	"testing"
)

// TestOptionsString checks the names of the option sets, as fmt prints
// them.
func TestOptionsString(t *testing.T) {
	for _, tt := range []struct {
		v    fmt.Stringer
		want string
	}{
		{DecodeOption(0), "0"},
		{DecodeNoControls, "DecodeNoControls"},
		{DecodePlusAsSpace, "DecodePlusAsSpace"},
		{DecodePlusAsSpace | DecodeNoControls, "DecodeNoControls|DecodePlusAsSpace"},
		{DecodePlusAsSpace | 0x80, "DecodePlusAsSpace|0x80"},
		{DecodeOption(0x0c), "0xc"},
		{QueryOption(0), "0"},
		{QuerySemicolon, "QuerySemicolon"},
		{QuerySemicolon | 0x12, "QuerySemicolon|0x12"},
		{PathOption(0), "0"},
		{RejectPathUnderflow, "RejectPathUnderflow"},
		{PathOption(0xfe), "0xfe"},
	} {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("%T: String() = %q; want %q", tt.v, got, tt.want)
		}
		if got := fmt.Sprint(tt.v); got != tt.want {
			t.Errorf("%T: fmt.Sprint = %q; want %q", tt.v, got, tt.want)
		}
	}
}
