package words

import (
	"fmt"
	"strconv"
)

// sprintf is fmt.Sprintf for the catalog's sentences: their verbs are %s
// of a string and %d of an int, in order or numbered (%[2]s, where a
// language orders its words otherwise). It writes those without fmt's
// reflection and state, a few percent of a replica's CPU at every click's
// table; anything else (another verb, a width, a value of another type, an
// argument missing or left over) is fmt's, so the output is always
// fmt.Sprintf's.
func sprintf(format string, a []any) string {
	var buf [256]byte
	b := buf[:0]
	next, reordered := 0, false
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		i++
		if i >= len(format) {
			return fmt.Sprintf(format, a...)
		}
		arg := next
		if format[i] == '[' {
			// %[n]verb: n is one digit in the catalog.
			if i+3 >= len(format) || format[i+2] != ']' || format[i+1] < '1' || format[i+1] > '9' {
				return fmt.Sprintf(format, a...)
			}
			arg, reordered = int(format[i+1]-'1'), true
			i += 3
		}
		switch format[i] {
		case '%':
			if arg != next {
				return fmt.Sprintf(format, a...)
			}
			b = append(b, '%')
			continue
		case 's', 'd':
			if arg >= len(a) {
				return fmt.Sprintf(format, a...)
			}
			switch x := a[arg].(type) {
			case string:
				if format[i] != 's' {
					return fmt.Sprintf(format, a...)
				}
				b = append(b, x...)
			case int:
				if format[i] != 'd' {
					return fmt.Sprintf(format, a...)
				}
				b = strconv.AppendInt(b, int64(x), 10)
			default:
				return fmt.Sprintf(format, a...)
			}
		default:
			return fmt.Sprintf(format, a...)
		}
		next = arg + 1
	}
	if !reordered && next < len(a) {
		return fmt.Sprintf(format, a...) // its %!(EXTRA …)
	}
	return string(b)
}
