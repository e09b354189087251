package compensation

// ZeroPing (the mode "client") is the Lag Compensation article's "clientside hit
// detection": "ZeroPing simply does all the hitscan hit detection on the
// client side and then tells the server what it hit". The server believes
// it: nothing is rewound and forged hits pass (the article: it "completely
// breaks the paradigm of not giving any deciding power to the client").
const ZeroPing Mode = "client"

// clientSideHitDetection lets the client judge.
type clientSideHitDetection struct{}

// Want is the present: the server traces nothing, so there is nothing to
// rewind to.
func (clientSideHitDetection) Want(sh Shot) Rewind { return Rewind{To: sh.Now} }

func (clientSideHitDetection) ClientJudges() bool { return true }
