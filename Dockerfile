# leakcall serve: the repair proxy in a container (see docs/proxy.md, "Run the proxy as a service").
# Build from a clone:  docker build -t leakcall .
# Run:                 docker run -p 8089:8089 -e LEAKCALL_UPSTREAM=http://host:8000 leakcall
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
COPY grammar ./grammar
RUN pip install '.[serve]' && rm -rf /src

# Not root: the proxy needs no privilege (it listens on an unprivileged port).
RUN useradd --system --uid 10001 --no-create-home leakcall
USER 10001
WORKDIR /tmp

# Every flag of `leakcall serve` can be set as LEAKCALL_<FLAG> (see docs/proxy.md); these are the image's
# defaults: listen on all interfaces of the container, two worker processes.
ENV LEAKCALL_HOST=0.0.0.0 LEAKCALL_PORT=8089 LEAKCALL_WORKERS=2
EXPOSE 8089
HEALTHCHECK --interval=30s --timeout=5s CMD ["python", "-c", "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:8089/leakcall/health', timeout=4)"]
ENTRYPOINT ["leakcall", "serve"]
