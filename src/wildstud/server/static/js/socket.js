// One WebSocket to the table, reconnecting after a drop; requests carry rising seq numbers.

export class TableSocket {
  constructor(url, onFrame, onStatus) {
    this.url = url;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.seq = 0;
    this.ws = null;
    this.retry = 500;
    this.stopped = false;
  }

  connect() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 500;
      this.onStatus("connected");
    });
    ws.addEventListener("message", (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "welcome") this.seq = Math.max(this.seq, frame.last_seq || 0);
      this.onFrame(frame);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      if (event.code === 4404) {
        this.stopped = true;
        this.onStatus("refused");
        return;
      }
      if (this.stopped) return;
      this.onStatus("reconnecting");
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    });
  }

  /** Send a request with the next sequence number. */
  request(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.seq += 1;
    this.ws.send(JSON.stringify({ ...frame, seq: this.seq }));
    return true;
  }
}
