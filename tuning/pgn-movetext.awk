# Shared by tuning/pgn-thinking.sh and tuning/pgn-scores.sh: walks one game's movetext,
# counting plies in the global `ply`, and hands each comment, whole (braces included), to the
# calling script's `take(c)`; a comment belongs to the ply before it.
function walk(line,   n, t, i, w, inside, c) {
  ply = 0
  n = split(line, t, " ")
  inside = 0; c = ""
  for (i = 1; i <= n; i++) {
    w = t[i]
    if (inside) {
      c = c " " w
      if (w ~ /}$/) { inside = 0; take(c) }
      continue
    }
    if (w ~ /^\{/) {
      c = w
      if (w ~ /}$/) take(c); else inside = 1
      continue
    }
    if (w ~ /^[0-9]+\.+$/ || w ~ /^(1-0|0-1|1\/2-1\/2|\*)$/) continue
    ply++
  }
}
