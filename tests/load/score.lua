-- wrk script: POST the seed's 老三番 hand (score.json, shared with
-- instructions.sh) to /api/score.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = io.open("tests/load/score.json"):read("*a")
