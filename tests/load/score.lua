-- wrk script: POST the seed's 老三番 hand to /api/score.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"region":"laosanfan","hand":"13s66m888m","win_tile":"2s",' ..
  '"melds":[{"type":"kong","tiles":"9999m"},{"type":"pong","tiles":"555m"}],' ..
  '"seat":"S","dealer":"E","win_by":"self_draw"}'
