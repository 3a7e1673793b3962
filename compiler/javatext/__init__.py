"""How VASSAL's Java writes and reads text: SequenceEncoder's delimited lists (``sequence``) and
numbers as Integer.parseInt, Double and BeanShell read them (``numbers``).

A leaf: it imports nothing of the project, so the checks, the map geometry, `wgc inspect`,
`wgc import` and the module writer all read VASSAL's text through it.
"""
