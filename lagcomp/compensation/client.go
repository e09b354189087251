package compensation

// Client is ZeroPing, the Lag Compensation article's "clientside hit
// detection": "ZeroPing simply does all the hitscan hit detection on the
// client side and then tells the server what it hit". The server believes
// it: nothing is rewound and forged hits pass (the article: it "completely
// breaks the paradigm of not giving any deciding power to the client").
const Client Mode = "client"

// zeroPing lets the client judge.
type zeroPing struct{}

// Want is the present: the server traces nothing, so there is nothing to
// rewind to.
func (zeroPing) Want(sh Shot) Rewind { return Rewind{To: sh.Now} }

func (zeroPing) ClientJudges() bool { return true }
