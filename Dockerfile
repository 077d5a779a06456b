# elfgraph's service (`elfgraph serve`), for docker-compose.yml's `elfgraph` service.
# Not built in CI here (no Docker engine on these machines): see docs/DEPLOYMENT.md.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY elfgraph ./elfgraph
COPY cypher ./cypher
RUN pip install --no-cache-dir '.[service]' && useradd --create-home elfgraph
USER elfgraph
ENV OPENBLAS_THREAD_TIMEOUT=4
EXPOSE 8766
CMD ["elfgraph", "serve", "--host", "0.0.0.0", "--port", "8766"]
