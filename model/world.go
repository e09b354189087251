package model

// WorldBound is how far from the origin, in metres on either axis, a
// place in the world may lie: a pose or point beyond it (a record's
// 1e15 m, an engine's FLT_MAX sentinel) is not a place but a fault, and
// the readers refuse it rather than draw a grid across it.
//
// Why 10⁷ m (10 000 km): the furthest lagscope itself puts anything is a
// pawn starting at the ±1 000 m edge of its keys that walks for the
// longest run (duration_ms 3 600 000) at the fastest speed
// (target_speed_mps 100): 361 km; a trace reaches range_m (10 km) beyond
// it, and a rocket flying an hour at rocket_speed_mps 500 goes 1 800 km.
// The bound is five times that, twenty-seven times the hour's walk and
// four orders above any real map, so every legal run's records read back;
// and a float64 coordinate there still resolves 2 nm (its spacing at 10⁷
// is 1.9·10⁻⁹), far finer than the micrometres records print.
const WorldBound = 1e7

// InWorld reports whether x is a coordinate within the world's bounds
// (NaN is not).
func InWorld(x float64) bool { return x >= -WorldBound && x <= WorldBound }
