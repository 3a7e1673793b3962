"""The wargame module compiler: load, check and compile declarative game data.

The stages live in sub-packages, one concern each: ``loading`` (JSON with
positions), ``schema`` (JSON Schema validation), ``model`` (typed definitions
built from valid data), ``checks`` (cross-checks), ``report`` (summaries) and
``cli`` (the ``wgc`` command). ``pipeline`` runs them in order.
"""
