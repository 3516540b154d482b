# railrules: build with the Rust toolchain, run on a small Debian image as a non-root user.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin railrules

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home railrules
COPY --from=build /src/target/release/railrules /usr/local/bin/railrules
USER 10001
# The port is the server's RAILRULES_PORT: `docker run -e RAILRULES_PORT=9000` moves the server
# and its health check together.
ENV RAILRULES_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --retries=3 \
    CMD curl -fsS "http://127.0.0.1:${RAILRULES_PORT}/healthz" || exit 1
ENTRYPOINT ["/usr/local/bin/railrules"]
CMD ["serve"]
