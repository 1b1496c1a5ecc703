package sandbox

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// privateDirs are the world-writable host directories replaced by a
// private tmpfs, so that concurrent runs cannot see or feed each other
// through them.
var privateDirs = []string{"/tmp", "/var/tmp", "/dev/shm"}

// Mount options of the tmpfs file systems the helper creates.
const (
	privateTmpfsOpts = "mode=1777,size=64m,nr_inodes=16384"
	coverTmpfsOpts   = "mode=0755,size=64k,nr_inodes=256"
)

// mountOp is one step of the mount plan: cover a path (hide it), or attach
// a clone of a path taken before anything was covered (keep it visible).
type mountOp struct {
	path    string
	keep    bool
	private bool // a private, writable tmpfs rather than a read-only cover
	ro      bool // keep read-only
	tree    int  // detached mount of a keep, from open_tree
}

// setupMounts builds the program's view of the file system inside the new
// mount namespace:
//
//   - every mount becomes private, so nothing propagates to the host;
//   - Dir and the ReadOnly paths are cloned (open_tree) before anything is
//     hidden; ReadOnly clones are made read-only;
//   - covers are mounted: a private tmpfs on /tmp, /var/tmp and /dev/shm,
//     an empty tmpfs on each hidden directory and on the first ancestor of
//     a kept path that the program could not search, /dev/null on each
//     hidden file;
//   - the clones are attached at their own paths (creating mount points in
//     covers as needed), so a kept path inside a hidden one stays visible;
//   - covers and attachments run in path order, parents first, so a
//     hidden path inside a kept one is hidden again;
//   - then every mount is made read-only but Dir and the private tmpfs,
//     and a fresh /proc for the new PID namespace replaces the host's.
func setupMounts(cfg *helperConfig) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make mounts private: %w", err)
	}
	var ops []mountOp
	defer func() {
		for _, op := range ops {
			if op.keep && op.tree > 0 {
				unix.Close(op.tree)
			}
		}
	}()
	keeps := []mountOp{{path: cfg.Dir, keep: true}}
	for _, p := range cfg.ReadOnly {
		keeps = append(keeps, mountOp{path: p, keep: true, ro: true})
	}
	for _, k := range keeps {
		if k.path == cfg.Dir && cfg.DirBytes > 0 {
			// A second clone, never attached: the way back to the
			// host's folder once a tmpfs covers it (see privateDir).
			fd, err := unix.OpenTree(unix.AT_FDCWD, k.path, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC)
			if err != nil {
				return fmt.Errorf("clone mount of %s: %w", k.path, err)
			}
			dirOrigin = fd
		}
		fd, err := unix.OpenTree(unix.AT_FDCWD, k.path, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
		if errors.Is(err, fs.ErrNotExist) && k.ro {
			continue
		}
		if err != nil {
			return fmt.Errorf("clone mount of %s: %w", k.path, err)
		}
		k.tree = fd
		if k.ro {
			attr := &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID}
			if err := unix.MountSetattr(fd, "", unix.AT_EMPTY_PATH|unix.AT_RECURSIVE, attr); err != nil {
				return fmt.Errorf("make %s read-only: %w", k.path, err)
			}
		}
		ops = append(ops, k)
		if a := unsearchableAncestor(k.path, cfg.UID, cfg.GID); a != "" {
			ops = append(ops, mountOp{path: a})
		}
	}
	for _, p := range privateDirs {
		ops = append(ops, mountOp{path: p, private: true})
	}
	for _, p := range cfg.Conceal {
		ops = append(ops, mountOp{path: p})
	}
	// Parents before children; at the same path cover before keep.
	slices.SortStableFunc(ops, func(a, b mountOp) int {
		if c := strings.Compare(a.path, b.path); c != 0 {
			return c
		}
		switch {
		case a.keep == b.keep:
			return 0
		case b.keep:
			return -1
		default:
			return 1
		}
	})

	var writable []string
	for _, op := range ops {
		switch {
		case op.keep:
			if err := attach(op); err != nil {
				return err
			}
			if op.path == cfg.Dir {
				if dirOrigin >= 0 {
					if err := privateDir(cfg); err != nil {
						return err
					}
				}
				writable = append(writable, op.path)
			}
		case op.private:
			if fi, err := os.Lstat(op.path); err != nil || !fi.IsDir() {
				continue
			}
			if err := unix.Mount("tmpfs", op.path, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, privateTmpfsOpts); err != nil {
				return fmt.Errorf("mount private tmpfs on %s: %w", op.path, err)
			}
			writable = append(writable, op.path)
		default:
			if err := cover(op.path); err != nil {
				return err
			}
		}
	}
	// Nothing outside the run may be written, whatever its permissions:
	// every mount becomes read-only (world-writable folders such as
	// /run/lock and /var/crash included, and any that a host adds), then
	// the working folder and the private tmpfs become writable again.
	// Device nodes such as /dev/null stay writable on a read-only mount.
	ro := &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}
	if err := unix.MountSetattr(unix.AT_FDCWD, "/", unix.AT_RECURSIVE, ro); err != nil {
		return fmt.Errorf("make the file system read-only: %w", err)
	}
	rw := &unix.MountAttr{Attr_clr: unix.MOUNT_ATTR_RDONLY}
	for _, p := range writable {
		if err := unix.MountSetattr(unix.AT_FDCWD, p, 0, rw); err != nil {
			return fmt.Errorf("make %s writable: %w", p, err)
		}
	}
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount /proc: %w", err)
	}
	return nil
}

// cover hides path: an empty tmpfs over a directory, /dev/null over
// anything else. A path that does not exist (perhaps because an enclosing
// cover already hid it) is left alone. Covers end up read-only with the
// rest of the file system.
func cover(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("hide %s: %w", path, err)
	}
	if fi.IsDir() {
		err = unix.Mount("tmpfs", path, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, coverTmpfsOpts)
	} else {
		err = unix.Mount("/dev/null", path, "", unix.MS_BIND, "")
	}
	if err != nil {
		return fmt.Errorf("hide %s: %w", path, err)
	}
	return nil
}

// attach mounts the clone of a kept path at its path, creating the mount
// point if a cover hid it.
func attach(op mountOp) error {
	if op.tree <= 0 {
		return nil
	}
	var st unix.Stat_t
	if err := unix.Fstat(op.tree, &st); err != nil {
		return fmt.Errorf("stat clone of %s: %w", op.path, err)
	}
	if _, err := os.Lstat(op.path); errors.Is(err, fs.ErrNotExist) {
		if st.Mode&unix.S_IFMT == unix.S_IFDIR {
			err = os.MkdirAll(op.path, 0o755)
		} else {
			err = os.MkdirAll(filepath.Dir(op.path), 0o755)
			if err == nil {
				var f *os.File
				f, err = os.OpenFile(op.path, os.O_CREATE|os.O_WRONLY, 0o644)
				if err == nil {
					err = f.Close()
				}
			}
		}
		if err != nil {
			return fmt.Errorf("make mount point %s: %w", op.path, err)
		}
	}
	if err := unix.MoveMount(op.tree, "", unix.AT_FDCWD, op.path, unix.MOVE_MOUNT_F_EMPTY_PATH); err != nil {
		return fmt.Errorf("attach %s: %w", op.path, err)
	}
	return nil
}

// unsearchableAncestor returns the outermost proper ancestor of path that
// a process with uid and gid (no supplementary groups, no capabilities)
// could not search, or "" if there is none. uid < 0 means the helper's
// own uid, which needs no help.
func unsearchableAncestor(path string, uid, gid int) string {
	if uid < 0 {
		return ""
	}
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	cur := ""
	for _, part := range parts[:len(parts)-1] {
		cur += "/" + part
		var st unix.Stat_t
		if err := unix.Stat(cur, &st); err != nil {
			return ""
		}
		var bit uint32
		switch {
		case int(st.Uid) == uid:
			bit = 0o100
		case int(st.Gid) == gid:
			bit = 0o010
		default:
			bit = 0o001
		}
		if st.Mode&bit == 0 {
			return cur
		}
	}
	return ""
}

// dirOrigin is, in a helper whose working folder is a tmpfs of its own,
// a detached clone of the host's working folder (-1 otherwise): what is
// copied in before the program starts and back after it.
var dirOrigin = -1

// privateDir covers the working folder with a tmpfs of cfg.DirBytes
// (and one inode per 4 KiB), owned by the program, and copies the host's
// folder into it. The program's writable space is then a file system of
// its own: it cannot fill the host's disk, and statfs tells it nothing
// about other runs.
func privateDir(cfg *helperConfig) error {
	owner := cfg.UID
	if owner < 0 {
		owner = os.Geteuid()
	}
	group := cfg.GID
	if group < 0 {
		group = os.Getegid()
	}
	opts := fmt.Sprintf("mode=0755,size=%d,nr_inodes=%d,uid=%d,gid=%d", cfg.DirBytes, max(cfg.DirBytes/minEntryBytes, 64), owner, group)
	if err := unix.Mount("tmpfs", cfg.Dir, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
		return fmt.Errorf("mount a tmpfs on the working folder: %w", err)
	}
	if err := copyFolder(originPath(), cfg.Dir); err != nil {
		return fmt.Errorf("copy the working folder in: %w", err)
	}
	return nil
}

// originPath names the host's working folder through dirOrigin.
func originPath() string { return fmt.Sprintf("/proc/self/fd/%d", dirOrigin) }

// copyBack replaces the host's working folder's contents with the
// tmpfs's, once every process of the run is gone, and notes in st how
// full the tmpfs was.
func copyBack(dir string, st *helperStatus) {
	var fs unix.Statfs_t
	if unix.Statfs(dir, &fs) == nil {
		st.DirUsed = int64(fs.Blocks-fs.Bfree) * fs.Bsize
		st.DirFull = int64(fs.Bavail)*fs.Bsize < fullBytes || (fs.Files > 0 && fs.Ffree < fullInodes)
	}
	host := originPath()
	ents, err := os.ReadDir(host)
	if err == nil {
		for _, e := range ents {
			if err = os.RemoveAll(filepath.Join(host, e.Name())); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = copyFolder(dir, host)
	}
	if err != nil {
		st.CopyOutErr = err.Error()
		st.CopyOutNoSpace = errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
	}
}

// copyFolder copies the contents of src into the existing folder dst,
// keeping owners and permission bits: folders, regular files, symbolic
// links, named pipes and Unix sockets (bound anew); anything else is
// left out.
func copyFolder(src, dst string) error {
	ents, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range ents {
		from, to := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		var st unix.Stat_t
		if err := unix.Lstat(from, &st); err != nil {
			return err
		}
		perm := uint32(st.Mode & 0o7777)
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFDIR:
			if err := os.Mkdir(to, 0o700); err != nil {
				return err
			}
			if err := copyFolder(from, to); err != nil {
				return err
			}
		case unix.S_IFREG:
			if err := copyRegular(from, to); err != nil {
				return err
			}
		case unix.S_IFLNK:
			target, err := os.Readlink(from)
			if err != nil {
				return err
			}
			if err := os.Symlink(target, to); err != nil {
				return err
			}
			if err := os.Lchown(to, int(st.Uid), int(st.Gid)); err != nil {
				return err
			}
			continue
		case unix.S_IFIFO:
			if err := unix.Mkfifo(to, 0o600); err != nil {
				return err
			}
		case unix.S_IFSOCK:
			if err := bindSocket(to); err != nil {
				return err
			}
		default:
			continue
		}
		if err := os.Lchown(to, int(st.Uid), int(st.Gid)); err != nil {
			return err
		}
		if err := unix.Fchmodat(unix.AT_FDCWD, to, perm, 0); err != nil {
			return err
		}
	}
	return nil
}

// copyRegular copies a regular file's bytes.
func copyRegular(from, to string) error {
	in, err := os.OpenFile(from, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// bindSocket leaves a Unix socket at path, as a program that bound one
// there did.
func bindSocket(path string) error {
	fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	if len(path) >= 108 {
		return unix.Mkfifo(path, 0o600) // too long a name for a socket: a special file all the same
	}
	return unix.Bind(fd, &unix.SockaddrUnix{Name: path})
}
