// Package netem emulates the network between lagscope's server and its
// clients: one Link per direction with latency, jitter, a right-skewed
// tail, independent and Gilbert-Elliott burst loss, duplication,
// reordering and lag spikes, each drawn from its own seeded stream, and
// the named profiles users start from; and the reliability layer engines
// put over such links (reliable.go): sequenced unreliable packets with
// piggy-backed acks, reliable messages resent as the engines resend them
// (style.go: Unreal's NAK, RFC 6298's timer, Quake 3's repeat, each with
// its engine's rule for giving the connection up) and delivered in order
// within their own channel. Nothing here reads the wall clock
// or the global random source: a seed fixes every packet's fate.
package netem
