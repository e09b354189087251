// Package packetlog is the packet log: what every packet copy on every
// link says of itself (Header, declared once with the form each output
// writes it in: Fields), the views' Frame of it, the log's rings and the
// keyframe codec that keeps a log as bytes. The engine (lagcomp) fills a
// Header from each packet it sends; the views, `sim --json --packets` and
// the schema's packet line read the same declaration.
package packetlog

// Kind is what a packet carries.
type Kind uint8

const (
	Snapshot       Kind = iota // server -> client: every pawn at a tick
	Command                    // client -> server: a shot
	Ping                       // client -> server: ServerBouncePing
	Pong                       // server -> client: ClientReturnPing
	PingReport                 // client -> server: ServerUpdatePing
	ServerPing                 // server -> client: the server's own bounce
	ServerPong                 // client -> server: its reply
	ProjSpawn                  // reliable message, server -> client: a projectile is replicated
	ProjTornOff                // reliable message, server -> client: it detonated (bTearOff)
	ProjReject                 // reliable message, server -> owner: the shot was refused
	Weapon                     // server -> remote client: the weapon's channel (BurstCounter, open; close as a reliable message)
	StopFire                   // reliable message, client -> server: ServerStopFire (reliable_fire; on the fire commands' channel)
	Reliable                   // a packet sent only to carry reliable messages (new or resent)
	Ack                        // a packet sent only to acknowledge: nothing went back within the ack delay
	KeepAlive                  // a packet sent only to keep packets flowing while a reliable message waits (reliable_style nak)
	Move                       // client -> server: a command packet of movement inputs (cl_cmdrate)
	Handshake                  // client -> server: a rejoining client's connect request (outside the reliability layer)
	HandshakeReply             // server -> client: its reply; the new connection is up
)

var kindNames = [...]string{"snapshot", "command", "ping", "pong", "ping_report", "server_ping", "server_pong",
	"proj_spawn", "proj_torn_off", "proj_reject", "weapon", "stop_fire", "reliable", "ack", "keepalive", "move",
	"handshake", "handshake_reply"}

// Handshake says whether the packet is a connect exchange's: it belongs to
// no connection yet, so it carries no reliability header and no command.
func (k Kind) Handshake() bool { return k == Handshake || k == HandshakeReply }

func (k Kind) String() string { return kindNames[k] }
