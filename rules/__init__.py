"""算番's scoring engine: pure Python, standard library only.

``rules.engine.score(json_dict)`` → ``rules.hand.Score``;
``rules.report.to_json(score)`` → the spec's JSON.
"""
