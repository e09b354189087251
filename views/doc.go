// Package views draws lagscope's panes — the server's truth, the
// shooter's and the victim's views, and the overlay that compares them —
// from a lagcomp.Frame into an image, with gg. The functions are pure:
// the same frame, options and size give the same pixels, which is what
// lets the window, the screenshot and the headless `shot` command share
// them, and golden images test them.
package views
