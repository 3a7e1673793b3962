"""What a game looks like, as facts and arithmetic with nothing drawn: named colours and the
colour codes of values (``colours``), lengths and paper as people write them (``units``), how
large a board wgc draws (``limits``).

Below the checks, the CLI and the back ends alike: `wgc validate` reads these without importing
Pillow or a renderer.
"""
