#!/bin/sh
# tests/circles.sh OBJECT... - fails when files of src/ call each other
# in a circle: each object's undefined symbols are matched with the
# object defining them, and the graph of "calls into" must be acyclic.
for o in "$@"; do
	nm --defined-only -g "$o" | awk -v f="$(basename "$o" .o)" \
	    'NF == 3 { print "def", $3, f }'
	nm -u "$o" | awk -v f="$(basename "$o" .o)" '{ print "use", $NF, f }'
done | awk '
$1 == "def" { owner[$2] = $3; next }
{ use[NR] = $2; user[NR] = $3 }
END {
	for (i in use)
		if ((use[i] in owner) && owner[use[i]] != user[i])
			edge[user[i] SUBSEP owner[use[i]]] = 1
	for (e in edge) {
		split(e, p, SUBSEP)
		out[p[1]] = out[p[1]] " " p[2]
		node[p[1]] = node[p[2]] = 1
	}
	# Depth-first search for a back edge.
	for (n in node)
		if (!(n in state) && visit(n))
			exit 1
	print "circles: 1 passed, 0 failed"
}
function visit(n,    k, m, list) {
	state[n] = 1
	k = split(out[n], list, " ")
	for (m = 1; m <= k; m++) {
		if ((list[m] in state) && state[list[m]] == 1) {
			printf "files call each other in a circle: %s -> %s\n", n, list[m]
			return 1
		}
		if (!(list[m] in state) && visit(list[m]))
			return 1
	}
	state[n] = 2
	return 0
}'
