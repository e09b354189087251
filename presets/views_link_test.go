package presets_test

// The slide checks are capture's (moments.CheckSlide): linked into the
// tests here, as into every program that draws a slide.
import _ "lagscope/views/capture"
