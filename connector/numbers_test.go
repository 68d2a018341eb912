package connector

import "testing"

func TestIntegralValue(t *testing.T) {
	for num, want := range map[string]bool{
		"60": true, "-0": true, "60.0": true, "6e1": true, "6E+1": true, "1.5e1": true, "150e-1": true,
		"100e-2": true, "0.0e-5": true, "1e999999999999": true, "0e-999999999999": true, "-2.50e1": true, "-2.55e1": false,
		"60.5": false, "1e-1": false, "1.25e1": false, "10.05e1": false, "1e-999999999999": false, "0.1": false,
	} {
		if got := integralValue(num); got != want {
			t.Errorf("integralValue(%q) = %v, want %v", num, got, want)
		}
	}
}
