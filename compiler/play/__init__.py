"""`wgc play`: any game system played at the terminal through the engine's protocol, saved as a replay."""

from compiler.play.session import PlayError, PlaySession, SaveError
from compiler.play.terminal import TerminalChooser, run_play_command

__all__ = ["PlayError", "PlaySession", "SaveError", "TerminalChooser", "run_play_command"]
