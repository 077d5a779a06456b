"""The service's keys (`elfgraph keys create | list | revoke`, docs/DEPLOYMENT.md): a key
opens one space (or every space) for a scope, `read` < `write` < `admin`.

A key is `eg_<id>_<secret>`: the id (12 characters) names the key and is stored as it is;
the secret (32 random bytes) is shown once and stored only as HMAC-SHA256 under a salt of
its own. A request's key is looked up by its id and its secret compared with the stored
hash in constant time (`hmac.compare_digest`). Keys are never logged.
"""
