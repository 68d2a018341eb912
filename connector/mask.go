package connector

import (
	"reflect"

	"github.com/squadci/squadci/lint/secrets"
)

// maskStrings masks the values in every string v reaches (through
// pointers, structs, slices and maps of strings), in place. It walks the
// whole value so that a field added to a report later is masked too.
func maskStrings(v any, values *secrets.Values) {
	if values.Longest() == 0 {
		return
	}
	maskValue(reflect.ValueOf(v), values)
}

func maskValue(v reflect.Value, values *secrets.Values) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			maskValue(v.Elem(), values)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				maskValue(v.Field(i), values)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			maskValue(v.Index(i), values)
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(values.Mask(v.String()))
		}
	}
}
