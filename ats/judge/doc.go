// Package judge scores moves with a stronger engine, the teacher: for each
// position of a set of games it asks the teacher for its score of the
// position and its best move, then has the engine under study (the
// student) choose its move there, or takes the move played in the game,
// and asks the teacher for its score of the position after that move. The
// move's loss is what the teacher thought the position worth before less
// what it thinks it worth after, in the teacher's units: about 0 for a move
// as good as the teacher's own, large for a blunder.
//
// A match needs hundreds of games to tell two settings apart by a few
// percent; the mean loss over a few hundred positions tells them apart in a
// fraction of that time, on the positions that matter to the student (its
// own games), and names the moves that lost most. It is a proxy: a match
// decides.
//
// Rows are appended to a results file as they arrive (ReadRows reads it
// back, and a later run skips the positions already judged); a Cache keeps
// the teacher's scores so that a second student judged on the same
// positions costs only its own moves and the teacher's score of each new
// one. Summarize and Compare turn results into the mean loss with its 95%
// interval, the teacher's agreement, and the paired difference of two
// students.
package judge
