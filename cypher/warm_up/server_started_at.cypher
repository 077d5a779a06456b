// name: server_started_at
// mode: read
// returns: scalar
// params:
// When the server's JVM started (epoch ms, from its Runtime MBean): a warm-up is done once
// for each start, since what it warms (the JIT's compiled code) lives in that process only.
CALL dbms.queryJmx('java.lang:type=Runtime') YIELD attributes
RETURN attributes.StartTime.value AS started
