# Homebrew formula: builds streakprompt from source with the Swift toolchain (macOS and Linux).
# The release process fills in url and sha256 from dist/SHA256SUMS's source archive.
class Streakprompt < Formula
  desc "Daily streaks in your shell prompt, counted by your terminal"
  homepage "https://streakprompt.example.org"
  url "https://streakprompt.example.org/releases/streakprompt-0.2.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"

  on_macos do
    depends_on xcode: ["16.0", :build]
  end
  on_linux do
    depends_on "swift" => :build
  end

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release"
    bin.install ".build/release/streakprompt"
    man1.install "man/streakprompt.1"
    bash_completion.install "completions/streakprompt.bash" => "streakprompt"
    zsh_completion.install "completions/_streakprompt"
    fish_completion.install "completions/streakprompt.fish"
    pkgshare.install "streakprompt.tmux"
    (pkgshare/"shell").install "shell/streakprompt.bash", "shell/streakprompt.plugin.zsh", "shell/streakprompt.tmux",
                               "shell/streakprompt.elv", "shell/streakprompt.xsh", "shell/streakprompt.tcsh",
                               "shell/streakprompt.sh", "shell/git-hook.sh", "shell/conf.d", "shell/functions",
                               "shell/completions", "shell/nvim", "shell/vim"
  end

  test do
    ENV["STREAKPROMPT_HOME"] = testpath/"data"
    ENV["NO_COLOR"] = "1"
    assert_match "streakprompt #{version}", shell_output("#{bin}/streakprompt --version")
    system bin/"streakprompt", "tick", "quiz", "--quiet", "--now", "2026-11-20T10:00"
    assert_match "\"total\": 1", shell_output("#{bin}/streakprompt status quiz --json --now 2026-11-20T20:00")
    assert_match "1", shell_output("#{bin}/streakprompt quiz --format '{count}' --now 2026-11-20T20:00")
  end
end
