package compensation

// None is no compensation: the server traces against its present, as a
// server that knows nothing of latency does (the Lag Compensation
// article's starting point: the shooter must lead his target by his ping).
const None Mode = "none"

// present judges every shot at the server's present.
type present struct{}

func (present) Want(sh Shot) Rewind { return Rewind{To: sh.Now} }

func (present) ClientJudges() bool { return false }
