package lagcomp

import (
	"container/heap"

	"lagscope/model"
)

// PacketKind is what a packet carries.
type PacketKind uint8

const (
	PacketSnapshot    PacketKind = iota // server -> client: every pawn at a tick
	PacketCommand                       // client -> server: a shot
	PacketPing                          // client -> server: ServerBouncePing
	PacketPong                          // server -> client: ClientReturnPing
	PacketPingReport                    // client -> server: ServerUpdatePing
	PacketServerPing                    // server -> client: the server's own bounce
	PacketServerPong                    // client -> server: its reply
	PacketProjSpawn                     // server -> client: a projectile is replicated (reliable)
	PacketProjTornOff                   // server -> client: it detonated (bTearOff, reliable)
	PacketProjReject                    // server -> owner: the shot was refused (reliable)
	PacketWeapon                        // server -> remote client: the weapon's channel (BurstCounter, open, close)
	PacketStopFire                      // client -> server: ServerStopFire (reliable)
)

var packetKindNames = [...]string{"snapshot", "command", "ping", "pong", "ping_report", "server_ping", "server_pong", "proj_spawn", "proj_torn_off", "proj_reject", "weapon", "stop_fire"}

func (k PacketKind) String() string { return packetKindNames[k] }

// Packet is one message on an emulated link.
type Packet struct {
	Kind    PacketKind
	Client  int  // which client's connection
	Up      bool // client -> server
	Sent    model.Time
	Deliver model.Time
	seq     uint64 // total order for ties, and identity
	Stamp   model.Time
	Value   float64 // a reported ping, ms
	Snap    *Snapshot
	Cmd     *Command
	Proj    *projMsg
	Weapon  *weaponMsg
}

// Snapshot is the state a server tick sends to a client.
type Snapshot struct {
	Stamp model.Time // the tick's server time: the replicated PackageTimeStamp
	Poses []model.Pose
	Vels  []model.Vec // for dead reckoning
}

// inbox holds packets in flight to one endpoint, earliest delivery first;
// the endpoint takes the ones that have arrived when it next runs (a tick
// or a frame), which is where the perceived ping grows.
type inbox []*Packet

func (b inbox) Len() int { return len(b) }
func (b inbox) Less(i, j int) bool {
	if b[i].Deliver != b[j].Deliver {
		return b[i].Deliver < b[j].Deliver
	}
	return b[i].seq < b[j].seq
}
func (b inbox) Swap(i, j int) { b[i], b[j] = b[j], b[i] }
func (b *inbox) Push(x any)   { *b = append(*b, x.(*Packet)) }
func (b *inbox) Pop() any {
	old := *b
	p := old[len(old)-1]
	old[len(old)-1] = nil
	*b = old[:len(old)-1]
	return p
}

func (b *inbox) put(p *Packet) { heap.Push(b, p) }

// take pops the next packet delivered by now, or nil.
func (b *inbox) take(now model.Time) *Packet {
	if len(*b) == 0 || (*b)[0].Deliver > now {
		return nil
	}
	return heap.Pop(b).(*Packet)
}
