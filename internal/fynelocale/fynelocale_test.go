package fynelocale

import "testing"

func TestPlainC(t *testing.T) {
	for in, want := range map[string]string{"C.UTF-8": "C", "C.utf8": "C", "POSIX.UTF-8": "POSIX", "C@euro": "C"} {
		if got, ok := plainC(in); !ok || got != want {
			t.Errorf("plainC(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"C", "POSIX", "en_US.UTF-8", "Ca_ES.UTF-8", "ca_ES", "", "CC.UTF-8"} {
		if got, ok := plainC(in); ok {
			t.Errorf("plainC(%q) = %q: a real locale or a bare C must stay as it is", in, got)
		}
	}
}
