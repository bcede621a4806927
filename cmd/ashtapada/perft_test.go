package main

import (
	"strings"
	"testing"
)

// Move-path counts the generator must reproduce, and the command's error
// paths.
func TestPerftCommand(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--rules", "fide", "5"}, "4865609"},
		{[]string{"perft", "--rules", "chaturanga", "--set", "king-leap=off", "5"}, "1164248"},
		{[]string{"perft", "4"}, "197281"}, // fide is the default
		{[]string{"perft", "--rules", "chess", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "3"}, "97862"},
		// The leap adds two moves per side at the start of andhra: 14 x 14.
		{[]string{"perft", "--rules", "andhra", "2"}, "196"},
	}
	for _, c := range cases {
		out, errOut, code := runApp(t, c.args...)
		if code != 0 || strings.TrimSpace(out) != c.want {
			t.Errorf("%v: exit %d, output %q (stderr %q), want %s", c.args, code, out, errOut, c.want)
		}
	}
	out, _, code := runApp(t, "perft", "--rules", "fide", "2", "--divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 22 || lines[0] != "a2a3: 20" || lines[21] != "400" {
		t.Errorf("divide: exit %d, output %q", code, out)
	}
	for _, bad := range [][]string{
		{"perft"},
		{"perft", "x"},
		{"perft", "--rules", "nosuch", "2"},
		{"perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "2"},
		{"perft", "--set", "king-leap=sometimes", "2"},
	} {
		if _, errOut, code := runApp(t, bad...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with a message", bad, code, errOut)
		}
	}
}
