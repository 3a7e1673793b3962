"""The VASSAL back end: build files, pieces, saved-game setups and module archives.

Facts about VASSAL's formats come from its Java sources (see ../shared/vassal/FORMAT.md);
the code here is our own. Small functions per kind of thing: one module builds the
XML, one encodes pieces, one writes saves, one packs the archive, one inspects a module.
"""
