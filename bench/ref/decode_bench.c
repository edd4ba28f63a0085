/* Video decoding reference for bench/media.sh: how fast libavcodec alone
 * decodes a video and swscale converts each frame to BGRA, one thread each,
 * with the settings strata's video contents use (thread_count 1,
 * SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, the stream's
 * matrix, BT.709 for untagged HD). That is the floor under a scene that
 * shows every frame of the video.
 *
 *   cc -O2 -o decode_bench decode_bench.c $(pkg-config --cflags --libs libavformat libavcodec libavutil libswscale)
 *   decode_bench VIDEO
 * Output (one line): frames=150 wall=1.234 cpu=1.200 fps=121.6
 */
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: decode_bench VIDEO\n"); return 2; }
    AVFormatContext *format = NULL;
    if (avformat_open_input(&format, argv[1], NULL, NULL) < 0 || avformat_find_stream_info(format, NULL) < 0) {
        fprintf(stderr, "decode_bench: cannot open %s\n", argv[1]);
        return 1;
    }
    int stream = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (stream < 0) { fprintf(stderr, "decode_bench: no video stream\n"); return 1; }
    AVCodecParameters *par = format->streams[stream]->codecpar;
    const AVCodec *codec = avcodec_find_decoder(par->codec_id);
    AVCodecContext *ctx = avcodec_alloc_context3(codec);
    avcodec_parameters_to_context(ctx, par);
    ctx->thread_count = 1;
    if (avcodec_open2(ctx, codec, NULL) < 0) { fprintf(stderr, "decode_bench: no decoder\n"); return 1; }
    AVPacket *packet = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    struct SwsContext *sws = NULL;
    uint8_t *bgra = NULL;
    int frames = 0;
    double t0 = now(), c0 = cpu_seconds();
    int draining = 0;
    for (;;) {
        if (!draining) {
            int status = av_read_frame(format, packet);
            if (status < 0) { avcodec_send_packet(ctx, NULL); draining = 1; }
            else {
                if (packet->stream_index == stream) avcodec_send_packet(ctx, packet);
                av_packet_unref(packet);
            }
        }
        int got = 0;
        while (avcodec_receive_frame(ctx, frame) == 0) {
            got = 1;
            if (!sws) {
                sws = sws_getContext(frame->width, frame->height, frame->format, frame->width, frame->height,
                                     AV_PIX_FMT_BGRA, SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, NULL, NULL, NULL);
                int space = frame->colorspace == AVCOL_SPC_BT470BG || frame->colorspace == AVCOL_SPC_SMPTE170M
                    ? SWS_CS_ITU601 : SWS_CS_ITU709;
                const int *coefficients = sws_getCoefficients(space);
                sws_setColorspaceDetails(sws, coefficients, frame->color_range == AVCOL_RANGE_JPEG, coefficients, 1,
                                         0, 1 << 16, 1 << 16);
                bgra = malloc((size_t)frame->width * frame->height * 4);
            }
            uint8_t *planes[4] = {bgra, NULL, NULL, NULL};
            int strides[4] = {frame->width * 4, 0, 0, 0};
            sws_scale(sws, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
            frames++;
            av_frame_unref(frame);
        }
        if (draining && !got) break;
    }
    double wall = now() - t0, cpu = cpu_seconds() - c0;
    printf("frames=%d wall=%.3f cpu=%.3f fps=%.1f\n", frames, wall, cpu, frames / wall);
    return 0;
}
