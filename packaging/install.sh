#!/bin/sh
# Installs streakprompt from a release tarball, without root:
#
#   ./install.sh [--prefix DIR] [TARBALL]      install (default prefix ~/.local)
#   ./install.sh --uninstall [--prefix DIR]    remove exactly what an install put there
#
# TARBALL defaults to the one beside this script for this machine
# (streakprompt-VERSION-linux-ARCH.tar.gz); it is checked against SHA256SUMS beside it first,
# and nothing is installed when it does not match. Run from inside an unpacked tarball (the
# script ships in it) with no tarball beside it, it installs that folder, once its files
# match the SHA256SUMS the tarball holds. Installing again is harmless; each install
# records what it wrote in PREFIX/share/streakprompt/installed, which --uninstall reads.
set -eu
# One collation for the sorted lists compared below.
LC_ALL=C
export LC_ALL

prefix="${HOME:?HOME is not set; give --prefix}/.local"
tarball=""
uninstall=""
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift ;;
        --prefix=*) prefix=${1#--prefix=} ;;
        --uninstall) uninstall=1 ;;
        -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "install.sh: unknown option '$1' (--prefix DIR, --uninstall, TARBALL)" >&2; exit 2 ;;
        *) [ -z "$tarball" ] || { echo "install.sh: one tarball at a time" >&2; exit 2; }; tarball=$1 ;;
    esac
    shift
done
case $prefix in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
manifest="$prefix/share/streakprompt/installed"

if [ -n "$uninstall" ]; then
    [ -f "$manifest" ] || { echo "install.sh: nothing to uninstall: no $manifest"; exit 0; }
    # Files first (only what the install wrote), then the folders it left empty, deepest first.
    while IFS= read -r path; do
        case $path in '' | /* | *..*) continue ;; esac
        [ -d "$prefix/$path" ] || rm -f "$prefix/$path"
    done < "$manifest"
    folders=$(sort -r "$manifest.folders" 2>/dev/null || true)
    rm -f "$manifest" "$manifest.folders"
    printf '%s\n' "$folders" | while IFS= read -r path; do
        case $path in '' | /* | *..*) continue ;; esac
        rmdir "$prefix/$path" 2>/dev/null || true
    done
    echo "Removed streakprompt from $prefix. Your streaks are kept (the data folder is not touched)."
    exit 0
fi

here=$(cd "$(dirname "$0")" && pwd)
checksum() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
    else shasum -a 256 "$1" | cut -d' ' -f1
    fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Only what was checked is installed: a tarball against the SHA256SUMS beside it, or the
# unpacked folder this script came in against the list of its files it holds. A binary that
# is merely there (put beside the script, or changed since) is never the install.
folder=""
if [ -z "$tarball" ]; then
    arch=$(uname -m)
    count=0
    for candidate in "$here"/streakprompt-*-linux-"$arch".tar.gz; do
        [ -f "$candidate" ] || continue
        count=$((count + 1))
        tarball=$candidate
    done
    if [ "$count" -gt 1 ]; then
        # Several (an older download left in the folder): the one SHA256SUMS names.
        tarball=""
        for candidate in "$here"/streakprompt-*-linux-"$arch".tar.gz; do
            awk -v name="$(basename "$candidate")" '$2 == name || $2 == "*" name { found = 1 } END { exit !found }' \
                "$here/SHA256SUMS" 2>/dev/null || continue
            [ -z "$tarball" ] || { echo "install.sh: SHA256SUMS names several of the tarballs here; name the one to install" >&2; exit 1; }
            tarball=$candidate
        done
        [ -n "$tarball" ] || { echo "install.sh: several tarballs here and SHA256SUMS names none of them; name the one to install" >&2; exit 1; }
    fi
    # No tarball beside it: inside an unpacked tarball, that folder.
    if [ -z "$tarball" ] && { [ -e "$here/bin/streakprompt" ] || [ -L "$here/bin/streakprompt" ]; }; then folder=$here; fi
    [ -n "$tarball" ] || [ -n "$folder" ] || { echo "install.sh: no streakprompt-VERSION-linux-$arch.tar.gz beside this script; name the tarball" >&2; exit 1; }
fi
if [ -n "$folder" ]; then
    sums=$folder/SHA256SUMS
    refuse() {
        echo "install.sh: $1; nothing installed. Install from the release tarball instead: put streakprompt-VERSION-linux-ARCH.tar.gz and its SHA256SUMS beside install.sh and run it again" >&2
        exit 1
    }
    [ -f "$sums" ] || refuse "$folder/bin/streakprompt is not in an unpacked release (no SHA256SUMS lists its files), so it cannot be checked"
    # The files as they are copied; the copies are checked, so what is checked is what is installed.
    mkdir "$work/unpacked"
    cp -R "$folder/bin" "$work/unpacked/bin"
    [ ! -d "$folder/share" ] || cp -R "$folder/share" "$work/unpacked/share"
    (cd "$work/unpacked" && find bin share -type f 2>/dev/null | sort) > "$work/present"
    awk '{ path = $2; sub(/^\*/, "", path); if (path ~ /^(bin|share)\//) print path }' "$sums" | sort > "$work/listed"
    stray=$(comm -23 "$work/present" "$work/listed" | head -1)
    [ -z "$stray" ] || refuse "$folder/$stray is not in the SHA256SUMS shipped with it (a file put there since)"
    lacking=$(comm -13 "$work/present" "$work/listed" | head -1)
    [ -z "$lacking" ] || refuse "$folder/$lacking is missing, or not a file (the SHA256SUMS shipped with it lists it)"
    while IFS= read -r path; do
        expected=$(awk -v name="$path" '$2 == name || $2 == "*" name { print $1; exit }' "$sums")
        actual=$(checksum "$work/unpacked/$path")
        [ "$actual" = "$expected" ] || refuse "$folder/$path does not match the SHA256SUMS shipped with it (sha256 $actual, expected $expected): changed since it was packaged"
    done < "$work/present"
    source=$work/unpacked
else
    [ -f "$tarball" ] || { echo "install.sh: $tarball: no such file" >&2; exit 1; }
    sums="$(dirname "$tarball")/SHA256SUMS"
    [ -f "$sums" ] || { echo "install.sh: no SHA256SUMS beside $tarball, so it cannot be checked; nothing installed" >&2; exit 1; }
    name=$(basename "$tarball")
    expected=$(awk -v name="$name" '$2 == name || $2 == "*" name { print $1 }' "$sums")
    [ -n "$expected" ] || { echo "install.sh: SHA256SUMS has no line for $name; nothing installed" >&2; exit 1; }
    actual=$(checksum "$tarball")
    if [ "$actual" != "$expected" ]; then
        echo "install.sh: $name does not match SHA256SUMS (sha256 $actual, expected $expected): a damaged or altered download; nothing installed" >&2
        exit 1
    fi
    tar -xzf "$tarball" -C "$work"
    source=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -1)
    [ -x "$source/bin/streakprompt" ] || { echo "install.sh: $name holds no bin/streakprompt; nothing installed" >&2; exit 1; }
fi

# What goes where: the tarball's bin/ and share/ under the prefix, as they are.
(cd "$source" && find bin share -type f | sort) > "$work/files"
(cd "$source" && find bin share -type d | sort) > "$work/folders"
while IFS= read -r path; do
    [ -d "$prefix/$path" ] || { mkdir -p "$prefix/$path"; echo "$path" >> "$work/made"; }
done < "$work/folders"
while IFS= read -r path; do
    mode=644
    [ -x "$source/$path" ] && mode=755
    # Replace, never write into: a running binary or a link stays as it was until renamed over.
    cp "$source/$path" "$prefix/$path.new.$$"
    chmod "$mode" "$prefix/$path.new.$$"
    mv -f "$prefix/$path.new.$$" "$prefix/$path"
done < "$work/files"
# An upgrade: what an earlier install wrote that this version no longer ships goes (a
# plugin file left behind would still be found by a plugin manager), and so do the folders
# an install made that are now empty. Nothing else under the prefix is touched.
if [ -f "$manifest" ]; then
    sort -u "$manifest" | comm -23 - "$work/files" | while IFS= read -r path; do
        case $path in '' | /* | *..*) continue ;; esac
        [ -d "$prefix/$path" ] || rm -f "$prefix/$path"
    done
fi
if [ -f "$manifest.folders" ]; then
    sort -r "$manifest.folders" | while IFS= read -r path; do
        case $path in '' | /* | *..*) continue ;; esac
        grep -qxF "$path" "$work/folders" || rmdir "$prefix/$path" 2>/dev/null || true
    done
fi
# The record: what this install wrote, and the folders installs made that are still there.
mv -f "$work/files" "$manifest"
{ [ -f "$work/made" ] && cat "$work/made"; [ -f "$manifest.folders" ] && cat "$manifest.folders"; true; } | sort -u | while IFS= read -r path; do
    if [ -d "$prefix/$path" ]; then printf '%s\n' "$path"; fi
done > "$work/made-all"
mv -f "$work/made-all" "$manifest.folders"

version=$("$prefix/bin/streakprompt" --version 2>/dev/null || echo streakprompt)
echo "Installed $version in $prefix (the binary, the manual, completions and the plugins)."
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "Add $prefix/bin to your PATH (e.g. export PATH=\"$prefix/bin:\$PATH\" in your shell's startup file)." ;;
esac
case $(basename "${SHELL:-sh}") in
    bash) echo "Then add to ~/.bashrc:   eval \"\$(streakprompt init bash)\"" ;;
    zsh)
        echo "Then add to ~/.zshrc:    eval \"\$(streakprompt init zsh)\""
        # zsh looks for completions only in the folders of fpath, which a prefix's are not.
        echo "and, before compinit (completions):   fpath=(\"$prefix/share/zsh/site-functions\" \$fpath)" ;;
    fish) echo "Then add to ~/.config/fish/config.fish:   streakprompt init fish | source" ;;
    elvish) echo "Then add to ~/.config/elvish/rc.elv:   eval (streakprompt init elvish | slurp)" ;;
    xonsh) echo "Then add to ~/.xonshrc:   execx(\$(streakprompt init xonsh))" ;;
    tcsh | csh) echo "Then run once:   streakprompt init tcsh > ~/.streakprompt.tcsh   and add to ~/.tcshrc:   source ~/.streakprompt.tcsh" ;;
    dash | mksh | ksh | sh | ash) echo "Then add to the file \$ENV names (~/.mkshrc, ~/.kshrc):   eval \"\$(streakprompt init sh)\"" ;;
    *) echo "Then add the line for your shell: eval \"\$(streakprompt init bash)\", eval \"\$(streakprompt init zsh)\", or streakprompt init fish | source (elvish, xonsh, tcsh, sh: see docs/shells.md)" ;;
esac
