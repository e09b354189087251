package param

import "strings"

// Nearest is the name closest to word (case aside) within three edits,
// "" if none: a typo's likely meaning, for "did you mean".
func Nearest(word string, names []string) string {
	best, bestD := "", 4
	for _, n := range names {
		if d := editDistance(strings.ToLower(word), n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
