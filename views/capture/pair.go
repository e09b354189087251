package capture

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"lagscope/presets"
)

// A capture and its sidecar are one output: no reader may see a picture
// beside a sidecar that did not draw it. Three things make it so.
//
//   - The sidecar names its picture's SHA-256 (Image), and Read refuses a
//     sidecar whose picture beside it has other bytes: a pair left
//     half-replaced (a run killed between its two renames) is refused,
//     never drawn as the recipe of a picture it did not make.
//   - Writers of the same directory take turns (an exclusive lock on the
//     directory, held from the temporary files to the second rename), and
//     Read holds a shared one while it reads the pair: three concurrent
//     `shot --out same.png` leave one run's picture and that run's
//     sidecar, and a reader never lands between another run's renames.
//     Locking the directory leaves no lock file behind; on a system
//     without flock the hash alone still refuses a mixed pair.
//   - The writer, holding the lock, first removes the temporary files a
//     killed run left for this pair (.same.png.tmp123): no other writer
//     can be writing them then.

// images are the pictures a sidecar at path may describe: its name with
// .png (.gif for a clip), the extension in any case, as --out takes it.
func images(path string, sc *Sidecar) []string {
	dir, name := filepath.Split(path)
	stem, ext := strings.TrimSuffix(name, filepath.Ext(name)), ".png"
	if sc.Clip != nil {
		ext = ".gif"
	}
	entries, err := os.ReadDir(filepath.Clean(dir + "."))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, stem) && strings.EqualFold(n[len(stem):], ext) {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out
}

func imageHash(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// afterImage runs between the picture's rename and the sidecar's: a test
// stops a write there, as a kill would.
var afterImage = func() {}

// WriteFile saves an encoded capture (a PNG, or a clip's GIF) and its
// sidecar as one output: each atomically, the sidecar naming the
// picture's hash, the two under the directory's lock.
func WriteFile(path string, data []byte, sc *Sidecar) error {
	if err := stampTraces(sc); err != nil {
		return err
	}
	sc.Image = imageHash(data)
	side, err := json.MarshalIndent(sc, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// a directory that cannot be opened for reading (write-only) is
	// written unlocked: the hash still refuses a pair two writers mixed
	if unlock, err := lockDir(dir, true); err == nil {
		defer unlock()
	}
	sidecar := SidecarPath(path)
	if err := removeStale(path); err != nil {
		return err
	}
	if err := removeStale(sidecar); err != nil {
		return err
	}
	if err := presets.WriteFileAtomic(path, data); err != nil {
		return err
	}
	afterImage()
	return presets.WriteFileAtomic(sidecar, append(side, '\n'))
}

// removeStale removes the temporary files presets.WriteFileAtomic makes
// for path (".NAME.tmpDIGITS") that a killed run left behind; only a
// writer holding the directory's lock calls it.
func removeStale(path string) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	stale := regexp.MustCompile(`^\.` + regexp.QuoteMeta(base) + `\.tmp[0-9]+$`)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // a directory that cannot be listed has none we can find
	}
	for _, e := range entries {
		if stale.MatchString(e.Name()) && e.Type().IsRegular() {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

// checkImage refuses a sidecar whose picture beside it is not the one it
// names. A sidecar alone (its picture moved away or never kept) is a
// recipe and reads; one without a hash (written before lagscope kept
// it) reads with a note, its picture unchecked.
func checkImage(path string, sc *Sidecar) (note string, err error) {
	imgs := images(path, sc)
	if len(imgs) == 0 {
		return "", nil
	}
	if sc.Image == "" {
		return fmt.Sprintf("the sidecar names no image_sha256 (written before lagscope kept one): %s beside it is not checked against it", imgs[0]), nil
	}
	var first string
	for i, img := range imgs {
		got, err := hashFile(img)
		if err != nil {
			return "", fmt.Errorf("image_sha256: %w", err)
		}
		if got == sc.Image {
			return "", nil
		}
		if i == 0 {
			first = got
		}
	}
	img, got := imgs[0], first
	return "", fmt.Errorf("image_sha256: %s beside it is not the picture this sidecar drew (%s, the sidecar names %s): the pair was not written together (a run killed while saving, or one file replaced); to draw it again, move %s aside (or delete it), then run: lagscope shot --from %s --out %s", img, short(got), short(sc.Image), img, path, img)
}

// hashFile is a regular file's hash, read in pieces (a picture may be
// hundreds of MB); a named pipe or a directory is refused, not waited on.
func hashFile(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}
