// Package model is lagscope's world without any netcode: a 2-D top-down
// arena in metres, pawns with oriented hitboxes, walls, motion scripts and
// ray casts. Everything here is a pure function of its inputs, so the
// simulation in lagcomp can ask "where was this pawn at time t" and get the
// exact ground truth that every judgement is compared against.
package model
