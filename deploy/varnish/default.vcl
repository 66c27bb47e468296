# Varnish in front of docsite (Varnish 7; docs/decisions/021-surrogate-keys.md). Start with
#   varnishd -a :6081 -f deploy/varnish/default.vcl -s malloc,256m
# and give docsite PURGE_URLS=http://<this varnish>:6081/ so it tells this cache what a push made
# stale. tests/varnish.test.ts runs this very file in front of a real server.
vcl 4.1;

import std;

# A docsite replica, or the Service / load balancer in front of several.
backend docsite {
  .host = "127.0.0.1";
  .port = "3000";
}

# Who may purge: the docsite replicas. Put their network here.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.Surrogate-Key) {
      return (synth(400, "Surrogate-Key required"));
    }
    # Drop every object tagged with one of the space-separated keys (hex tokens and plain words:
    # safe in a regular expression). Bans on obj.* only, so the ban lurker clears them in the background.
    # The regular expression must hold no space: a ban's argument ends at the first one (and quotes
    # would be taken literally), hence [[:space:]] around the keys.
    if (!std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.Surrogate-Key, " +", "|") + ")([[:space:]]|$)")) {
      return (synth(400, std.ban_error()));
    }
    return (synth(200, "Purged"));
  }
  # Operator endpoints and the webhook are never cached (they answer no-store anyway).
  if (req.url ~ "^/(healthz|readyz|metrics|api/webhook)") {
    return (pass);
  }
  # The theme cookie changes the page (Vary: Cookie); Varnish's built-in rules pass requests with
  # cookies, so readers without one share the cache.
}

sub vcl_backend_response {
  # Keep objects past their max-age so a stale copy can be served while the origin is down or
  # being revalidated (the origin's stale-while-revalidate / stale-if-error, as Varnish's grace).
  set beresp.grace = 24h;
}
