"""`wgc serve`: games played in the browser, every action checked by the rules engine.

A folder per concern: ``storage`` keeps games (scenario, seed, set-up dice and the
append-only list of replay steps) behind one interface, with versioned
``migrations``; ``engine`` rebuilds a stored game through the replay runner and
applies an action or asks the question an action leaves to a player; ``views``
filters what each seat is sent; ``app`` holds the HTTP and websocket routes; ``page``
the plain HTML/JS the browser loads.
"""
