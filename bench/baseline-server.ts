// The baseline for the start-up benchmark: a bare Fastify server, compiled and started the same way.
import Fastify from "fastify";

const app = Fastify();
app.get("/readyz", async () => ({ status: "ready" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
