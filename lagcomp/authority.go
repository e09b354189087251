package lagcomp

// Authority is who decides where a player's own pawn stands
// (movement_authority).
type Authority string

const (
	// AuthorityServer: the server's own playing of the inputs decides;
	// a client that predicted otherwise is corrected (Source, Overwatch).
	AuthorityServer Authority = "server"
	// AuthorityClient: the client sends where its prediction put the pawn
	// with each move, and the server adopts it when it lies within
	// max_position_error_m of its own, else corrects the client — Unreal's
	// character movement (ServerMove's ClientLoc, ClientAdjustPosition),
	// the document's "the server will allow a certain amount of error".
	AuthorityClient Authority = "client"
)

// Authorities are the values of movement_authority.
func Authorities() []Authority { return []Authority{AuthorityServer, AuthorityClient} }

// DefaultMaxPositionErrorM is Unreal's MAXPOSITIONERRORSQUARED (UE4's
// default 3.0 uu², 1 uu = 1 cm) as a distance: √3 cm ≈ 0.0173 m.
const DefaultMaxPositionErrorM = 0.0173

// clientReports says whether clients send their predicted position with
// each input for the server to check (movement_authority = client).
func (c *Config) clientReports() bool { return c.MovementAuthority == AuthorityClient }
